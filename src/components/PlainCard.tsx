import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { usePanelToken } from '../themes/themeTokens';

/** Props of {@link PlainCard}: antd Card's title, extra, cover, actions, size and styles, plus any attribute of a div. */
export interface PlainCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Shown at the end of the title row (a tag, a link, a button). */
  extra?: ReactNode;
  /** Shown edge to edge above the body, e.g. the game's art. */
  cover?: ReactNode;
  /** Links or buttons in a row along the bottom edge. */
  actions?: ReactNode[];
  size?: 'default' | 'small';
  /** `inner`: a card inside a card, with a tinted title row, as antd's inner Card. */
  type?: 'inner';
  styles?: { header?: CSSProperties; body?: CSSProperties };
  /** The element of the card: an `article` for a card that stands for one thing of a list. */
  as?: 'div' | 'article';
}

/**
 * A card with an optional title row, looking like antd's Card (the theme's tokens, the cards'
 * border colour). antd's Card brings its tab list along (Tabs, Menu, Dropdown: about 20 KB of
 * a page's JavaScript) even for cards that never have tabs, which no card of the panel has.
 * The parts carry the classes panel-card, panel-card-head, panel-card-title, panel-card-extra,
 * panel-card-body and panel-card-actions.
 */
export function PlainCard({ title, extra, cover, actions = [], size = 'default', type, styles, style, className, children, as: Element = 'div', ...rest }: PlainCardProps) {
  const token = usePanelToken();
  const small = size === 'small';
  const border = `${token.lineWidth}px ${token.lineType} var(--panel-card-border, ${token.colorBorderSecondary})`;
  const hasHead = title !== undefined || extra !== undefined;
  return (
    <Element
      {...rest}
      className={['panel-card', className].filter(Boolean).join(' ')}
      style={{
        boxSizing: 'border-box',
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        overflow: cover ? 'hidden' : undefined,
        ...style,
      }}
    >
      {cover}
      {hasHead ? (
        <div
          className="panel-card-head"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginXS,
            minHeight: small ? 38 : 56,
            padding: `0 ${small ? token.paddingSM : token.paddingLG}px`,
            borderBottom: border,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: small || type === 'inner' ? token.fontSize : token.fontSizeLG,
            background: type === 'inner' ? token.colorFillAlter : undefined,
            ...styles?.header,
          }}
        >
          <div className="panel-card-title" style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {title}
          </div>
          {extra !== undefined ? (
            <div className="panel-card-extra" style={{ marginInlineStart: 'auto', color: token.colorText, fontWeight: 'normal', fontSize: token.fontSize }}>
              {extra}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="panel-card-body" style={{ padding: small ? token.paddingSM : token.paddingLG, ...styles?.body }}>
        {children}
      </div>
      {actions.length > 0 ? (
        <ul className="panel-card-actions" style={{ display: 'flex', listStyle: 'none', margin: 0, padding: 0, borderTop: border }}>
          {actions.map((action, index) => (
            <li
              key={index}
              style={{
                flex: 1,
                margin: `${token.paddingSM}px 0`,
                textAlign: 'center',
                color: token.colorTextDescription,
                borderInlineEnd: index < actions.length - 1 ? border : undefined,
              }}
            >
              {action}
            </li>
          ))}
        </ul>
      ) : null}
    </Element>
  );
}
