/**
 * The panel's accessibility stylesheet: a clear focus indicator on every control (WCAG 2.2
 * focus appearance: a 2 px ring in the theme's focus colour, at least 3:1 against every surface),
 * the skip link, and left-to-right islands for code-like text. antd draws faint rings of its own
 * in CSS-in-JS, so the ring here wins with !important.
 */
const css = `
:focus-visible{outline:2px solid var(--panel-focus,#8ab4ff)!important;outline-offset:2px}
.ant-input-affix-wrapper:focus-within,.ant-input-number:focus-within,.ant-input-outlined:focus,.ant-input-outlined:focus-within,
textarea.ant-input:focus,.ant-select-focused,.ant-picker-focused,.ant-input-search:focus-within{
  outline:2px solid var(--panel-focus,#8ab4ff)!important;outline-offset:1px;border-color:var(--panel-focus,#8ab4ff)!important}
.ant-input-affix-wrapper input:focus-visible,.ant-input-number input:focus-visible,.ant-select input:focus-visible,
.ant-picker input:focus-visible,.ant-input-search .ant-input-affix-wrapper:focus-within{outline:none!important}
.ant-checkbox-input:focus-visible+.ant-checkbox-inner,.ant-radio-input:focus-visible+.ant-radio-inner,.ant-switch:focus-visible{
  outline:2px solid var(--panel-focus,#8ab4ff)!important;outline-offset:2px}
.panel-skip-link{position:fixed;inset-inline-start:8px;top:8px;z-index:2000;padding:8px 16px;border-radius:8px;
  background:var(--panel-primary-solid,#2a71dd);color:#fff;font-weight:600;text-decoration:none;transform:translateY(-200%)}
.panel-skip-link:focus,.panel-skip-link:focus-visible{transform:none}
.panel-link-button{display:inline-block;min-width:0;max-width:100%;padding:0;border:0;background:none;font:inherit;text-align:start;
  color:var(--panel-link,#5495f8);cursor:pointer;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;border-radius:2px}
.panel-link-button:hover{text-decoration:underline}
.panel-ltr{unicode-bidi:isolate;direction:ltr}
/* antd's show-password eye and clear cross are 12–14 px: a hit area of 24 px or more (WCAG 2.2 target size)
   with the same look, above the input, which would otherwise cover its edge. antd's own rules for
   them are more specific, hence !important. */
.ant-input-affix-wrapper .ant-input-password-icon,.ant-input-affix-wrapper .ant-input-clear-icon{display:inline-flex;padding:6px!important;
  margin:-6px!important;position:relative;z-index:1}
.panel-main:focus,.panel-main:focus-visible{outline:none!important}
`;

/** Renders the accessibility stylesheet once per document (React de-duplicates it by `href`). */
export function AccessibilityStyles() {
  return (
    <style href="panel-a11y" precedence="default">
      {css}
    </style>
  );
}
