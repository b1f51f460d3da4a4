import CloudServerOutlined from '@ant-design/icons-svg/lib/asn/CloudServerOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/lib/types';
import { panelFontFamily } from '../../themes/panelFontFamily';
import { breakpoints } from '../../themes/breakpoints';
import { themes } from '../../themes/themes';
import { defaultThemeName } from '../../themes/themeNames';
import { firstFrameChooser } from './firstFrameChooser';

/*
 * The first frame: the panel's frame drawn by index.html itself, before any script has run. The
 * panel's code takes a while to start on a slow phone; meanwhile the visitor sees the log-in page's
 * brand and card, or the side bar and the game's art of the dashboard and server pages, where the
 * panel will draw them. The layouts take it away as they mount (useFirstFrameReplaced).
 *
 * On the log-in pages the game's art comes one painted frame after the brand and the card
 * (data-first-frame-art, set by the chooser): drawing it over the whole screen takes a slow phone
 * a few hundred milliseconds, which they need not wait for. The dashboard's and server pages' art
 * is their largest part (the side bar's, the content area's), so it comes with the rest.
 *
 * Built into index.html at build time (webpack.config.ts), in the default theme and in English
 * only: a visitor with another theme or language gets no frame rather than a wrong one (the
 * locale rule: no English text before another language's dictionary).
 */

/**
 * The frame's markup: the guest column, and the side bar, top bar and content of the other pages.
 * The panel server writes the host's brand name into the spans marked data-ff-brand-name as it
 * serves the page (server/src/plugins/brandedIndexPage.ts).
 */
function markup(): string {
  const brand = `<span class="ff-brand">${iconSvg()}<span data-ff-brand-name>Game Panel</span></span>`;
  return (
    `<div id="first-frame" aria-hidden="true">` +
    `<div class="ff-guest">${brand}<div class="ff-card"></div></div>` +
    `<div class="ff-app"><div class="ff-side"><div class="ff-side-brand">${brand}</div></div>` +
    `<div class="ff-top"><span class="ff-menu"></span>${brand}</div><div class="ff-main"></div></div>` +
    `</div>`
  );
}

/** The panel's mark as its layouts draw it (PlainIcon): antd's CloudServerOutlined. */
function iconSvg(): string {
  const node = CloudServerOutlined.icon as AbstractNode;
  const render = (child: AbstractNode): string =>
    `<${child.tag}${Object.entries(child.attrs)
      .map(([name, value]) => ` ${name}="${String(value)}"`)
      .join('')}>${(child.children ?? []).map(render).join('')}</${child.tag}>`;
  return `<svg viewBox="${String(node.attrs.viewBox)}" width="1em" height="1em" fill="currentColor">${(node.children ?? []).map(render).join('')}</svg>`;
}

/**
 * The frame's style, matching the layouts' geometry: GuestLayout's centred column over the art;
 * NavigationFrame's 264 px side bar from `lg` up, its 64 px top bar below, and the content area
 * with the server art on server pages.
 */
function style(): string {
  const theme = themes[defaultThemeName];
  const v = theme.variables;
  const surface = String(theme.antd.token?.colorBgContainer ?? v.background);
  const wide = `@media (min-width: ${breakpoints.lg}px)`;
  return [
    `#first-frame{display:none}`,
    `html[data-first-frame] #app{position:relative;z-index:1}`,
    `html[data-first-frame] #first-frame{display:block;position:fixed;inset:0;z-index:0;overflow:hidden;pointer-events:none;` +
      `font-family:${panelFontFamily};font-size:14px;line-height:1.5715;color:${v.inputText};background:${v.background}}`,
    `.ff-brand{display:inline-flex;align-items:center;gap:10px;font-weight:700;font-size:18px}`,
    `.ff-brand svg{font-size:24px;color:${v.primary}}`,
    `.ff-guest,.ff-app{display:none}`,
    `html[data-first-frame=guest] .ff-guest{display:flex;min-height:100vh;flex-direction:column;align-items:center;justify-content:center;gap:24px;` +
      `padding:32px 16px;background-color:${v.background};background-size:cover;background-position:center}`,
    `html[data-first-frame-art] .ff-guest{background-image:${v.navigationImage}}`,
    // The log-in card's height on a wide screen, so the brand sits where the page will put it.
    `.ff-card{width:min(420px,100%);box-sizing:border-box;min-height:434px;border-radius:12px;background:${v.cardGradient};` +
      `background-color:${v.background};border:1px solid ${v.cardBorder};box-shadow:${v.cardShadow}}`,
    `html[data-first-frame=dashboard] .ff-app,html[data-first-frame=server] .ff-app{display:flex;flex-direction:column;min-height:100vh}`,
    `.ff-side{display:none}`,
    `.ff-top{display:flex;align-items:center;gap:12px;height:64px;padding:0 16px;background:${surface}}`,
    `.ff-menu{width:32px;height:32px}`,
    `.ff-main{flex:auto;padding:16px;background-repeat:no-repeat;background-size:100% auto}`,
    `html[data-first-frame=server] .ff-main{background-image:${v.serverImage}}`,
    `${wide}{` +
      `html[data-first-frame] .ff-app{flex-direction:row}` +
      `.ff-top{display:none}` +
      `.ff-side{display:block;flex:0 0 264px;height:100vh;background-color:${surface};background-image:${v.navigationImage};background-size:cover;background-position:center bottom}` +
      `.ff-side-brand{padding:20px 24px}` +
      `.ff-main{padding:32px}` +
      `}`,
  ].join('');
}

/** What index.html puts in its head (style and the choosing script) and at the start of its body. */
export function firstFrameDocument(): { head: string; body: string } {
  return {
    head: `<style>${style()}</style><script>${firstFrameChooser}</script>`,
    body: markup(),
  };
}
