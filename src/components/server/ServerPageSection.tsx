import { useId, type ReactNode } from 'react';
import { PageHeading } from '../PanelText';
import { usePanelToken } from '../../themes/themeTokens';

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

/**
 * The frame of a server area's page: its heading row, then its content (or its loading and error
 * states). Laid out with plain flex boxes: antd's Flex would add its code to every server page for
 * what three style properties do.
 */
export function ServerPageSection({ title, badge, actions, children }: ServerPageSectionProps) {
  const titleId = useId();
  const token = usePanelToken();
  return (
    <section aria-labelledby={titleId} style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
          <PageHeading id={titleId} level={2} style={{ fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}>
            {title}
          </PageHeading>
          {badge}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
