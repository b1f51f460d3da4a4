import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** Props of {@link PanelCard}. */
export interface PanelCardProps {
  /** Accessible name of the card (it is an `article`). */
  label?: string;
  /** Shown in a header band above the body, as antd Card's title. */
  title?: ReactNode;
  /** `small`: the tighter header and padding of antd's small Card. */
  size?: 'default' | 'small';
  /** Shown edge to edge above the body, e.g. the game's art. */
  cover?: ReactNode;
  /** Links or buttons in a row along the bottom edge. */
  actions?: ReactNode[];
  children: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
}

/**
 * A card with a title, a cover, a body and a row of actions, looking like antd's Card. antd's Card
 * brings Tabs, Menu and Dropdown with it (for its tab list), which is a sixth of the dashboard's
 * JavaScript and about 20 KB gzip of a server area's; cards without tabs use this one.
 */
export function PanelCard({ label, title, size = 'default', cover, actions = [], children, style, bodyStyle }: PanelCardProps) {
  const { token } = theme.useToken();
  const divider = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const small = size === 'small';
  return (
    <article
      aria-label={label}
      style={{
        background: token.colorBgContainer,
        border: divider,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        overflow: 'hidden',
        ...style,
      }}
    >
      {title !== undefined ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: small ? 38 : 56,
            padding: `0 ${small ? token.paddingSM : token.paddingLG}px`,
            borderBottom: divider,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: small ? token.fontSize : token.fontSizeLG,
            overflowWrap: 'anywhere',
          }}
        >
          {title}
        </div>
      ) : null}
      {cover}
      <div style={{ padding: small ? token.paddingSM : token.paddingLG, ...bodyStyle }}>{children}</div>
      {actions.length > 0 ? (
        <ul style={{ display: 'flex', listStyle: 'none', margin: 0, padding: 0, borderTop: divider, background: token.colorBgContainer }}>
          {actions.map((action, index) => (
            <li
              key={index}
              style={{
                flex: 1,
                margin: `${token.paddingSM}px 0`,
                textAlign: 'center',
                color: token.colorTextDescription,
                borderInlineEnd: index < actions.length - 1 ? divider : undefined,
              }}
            >
              {action}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
