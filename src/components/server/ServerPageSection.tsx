import { Flex, theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { PageHeading } from '../PanelText';

/** Props of {@link ServerPageSection}. */
export interface ServerPageSectionProps {
  /** The area's title, the page's level-2 heading. */
  title: string;
  /** Shown beside the title (state badge). */
  badge?: ReactNode;
  /** Shown at the end of the title row (actions). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a server area's page: its heading row, then its content (or its loading and error states). */
export function ServerPageSection({ title, badge, actions, children }: ServerPageSectionProps) {
  const titleId = useId();
  const { token } = theme.useToken();
  return (
    <section aria-labelledby={titleId} style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      <Flex gap={12} align="center" wrap justify="space-between">
        <Flex gap={12} align="center" wrap>
          <PageHeading id={titleId} level={2} style={{ fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}>
            {title}
          </PageHeading>
          {badge}
        </Flex>
        {actions}
      </Flex>
      {children}
    </section>
  );
}
