/**
 * Styles of the light form controls: the look of antd's middle-sized dark inputs, built on the
 * theme's CSS variables. Pseudo-classes (focus, hover) need a stylesheet, so this is one, shared
 * by every form through React's style de-duplication (`href` + `precedence`).
 */
const css = `
/* 24 px high, the least target size (WCAG 2.2) for a link between other controls. */
.panel-form a:not(.panel-button){color:var(--panel-link);text-decoration:none;display:inline-block;padding-block:4px}
.panel-form a:hover{text-decoration:underline}
.panel-field{display:flex;flex-direction:column;gap:6px;margin-block-end:18px}
.panel-field>label{font-size:14px;opacity:.9}
.panel-input{box-sizing:border-box;width:100%;height:32px;padding:4px 11px;font:inherit;font-size:14px;border-radius:8px;
  border:1px solid rgba(255,255,255,.18);background:var(--panel-input-bg);color:var(--panel-input-text);outline:none;
  transition:border-color .2s,box-shadow .2s}
.panel-input:hover{border-color:var(--panel-primary)}
.panel-input:focus,.panel-input:focus-within{border-color:var(--panel-focus);outline:2px solid var(--panel-focus);outline-offset:1px}
.panel-input[aria-invalid=true],.panel-input:has([aria-invalid=true]){border-color:#dc4446}
.panel-password{display:flex;align-items:center;gap:4px;padding-inline-end:4px}
.panel-password>input{flex:1;min-width:0;border:0;background:none;color:inherit;font:inherit;outline:none;padding:0}
.panel-icon-button{border:0;background:none;color:inherit;opacity:.8;cursor:pointer;padding:2px 6px;border-radius:4px}
.panel-icon-button:hover{opacity:1}
.panel-checkbox{display:inline-flex;align-items:center;gap:8px;cursor:pointer;margin-block-end:18px}
.panel-checkbox>input{width:16px;height:16px;accent-color:var(--panel-primary);margin:0}
.panel-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:100%;height:32px;padding:4px 15px;
  font:inherit;font-size:14px;border-radius:8px;border:0;cursor:pointer;color:#fff;background:var(--panel-primary-solid);
  box-shadow:0 2px 0 rgba(0,0,0,.2);transition:filter .2s}
.panel-button:hover{filter:brightness(1.12)}
.panel-button:disabled{cursor:progress;filter:saturate(.6)}
.panel-button.panel-button-link{background:none;box-shadow:none;color:var(--panel-link)}
.panel-field-errors{color:#dc4446;font-size:14px}
/* antd's icon look (its icon components' own stylesheet) for the icons these forms and the guest
   pages' brand draw from SVG data (PlainIcon), which brings no stylesheet; the spinner turns. */
.anticon{display:inline-flex;align-items:center;color:inherit;font-style:normal;line-height:0;text-align:center;text-transform:none;vertical-align:-.125em}
.anticon>*{line-height:1}
.anticon svg{display:inline-block}
.anticon-loading{animation:panel-spin 1s infinite linear}
@keyframes panel-spin{to{transform:rotate(360deg)}}
`;

/** Renders the light form stylesheet once per document. */
export function FormStyles() {
  return (
    <style href="panel-light-form" precedence="default">
      {css}
    </style>
  );
}
