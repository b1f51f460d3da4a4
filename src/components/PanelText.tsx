import type { CSSProperties, ReactNode } from 'react';
import { usePanelToken } from '../themes/themeTokens';

/** Props of {@link SecondaryText}. */
export interface SecondaryTextProps {
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * Quieter text in the theme's accessible secondary colour: what antd's `Typography.Text
 * type="secondary"` shows, without Typography's code (its ellipsis tooltip and editing bring the
 * tooltip and form libraries onto pages that need neither, such as the dashboard).
 */
export function SecondaryText({ children, style }: SecondaryTextProps) {
  const token = usePanelToken();
  return <span style={{ color: token.colorTextSecondary, ...style }}>{children}</span>;
}

/** Props of {@link PageHeading}. */
export interface PageHeadingProps {
  id?: string;
  level?: 1 | 2 | 3;
  children: ReactNode;
  style?: CSSProperties;
}

const headingSizes = { 1: 28, 2: 22, 3: 18 } as const;

/** A heading in the theme's heading colour and weight (as antd's Typography.Title), as a plain element. */
export function PageHeading({ id, level = 1, children, style }: PageHeadingProps) {
  const token = usePanelToken();
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} style={{ margin: 0, fontSize: headingSizes[level], fontWeight: 600, lineHeight: 1.35, color: token.colorTextHeading, ...style }}>
      {children}
    </Tag>
  );
}
