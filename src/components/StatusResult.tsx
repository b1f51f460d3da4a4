import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';
import { usePanelToken, type PanelToken } from '../themes/themeTokens';

/** What the result reports: a plain outcome, or a refusal (403), a missing thing (404), a failure (500). */
export type ResultStatus = 'success' | 'info' | 'warning' | 'error' | '403' | '404' | '500';

/** Props of {@link StatusResult}. */
export interface StatusResultProps {
  status?: ResultStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  /** Links or buttons centred below the text. */
  extra?: ReactNode;
  /** Replaces the status's icon. */
  icon?: ReactNode;
}

const icons: Record<ResultStatus, { icon: IconDefinition; colour: (token: PanelToken) => string }> = {
  success: { icon: CheckCircleFilled, colour: (token) => token.colorSuccess },
  info: { icon: InfoCircleFilled, colour: (token) => token.colorInfo },
  warning: { icon: WarningFilled, colour: (token) => token.colorWarning },
  error: { icon: CloseCircleFilled, colour: (token) => token.colorError },
  '403': { icon: LockOutlined, colour: (token) => token.colorWarning },
  '404': { icon: FileSearchOutlined, colour: (token) => token.colorInfo },
  '500': { icon: WarningOutlined, colour: (token) => token.colorError },
};

// Three times the size of the title, as antd's Result (the token may be a CSS length).
const iconSize = (heading: number | string) => (typeof heading === 'number' ? heading * 3 : `calc(${heading} * 3)`);

/**
 * A centred outcome (icon, title, explanation, actions), laid out as antd's Result. antd's Result
 * draws 403, 404 and 500 with three large illustrations that its module always brings along
 * (about 10 KB gzip on every page using it); this one draws every status with a small icon.
 */
export function StatusResult({ status = 'info', title, subTitle, extra, icon }: StatusResultProps) {
  const token = usePanelToken();
  const drawn = icons[status];
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: 'center' }}>
      <div style={{ marginBottom: token.paddingLG, fontSize: iconSize(token.fontSizeHeading3), lineHeight: 1, color: drawn.colour(token) }}>
        {icon ?? <PlainIcon icon={drawn.icon} aria-hidden="true" />}
      </div>
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, marginBlock: token.marginXS }}>{title}</div>
      {subTitle ? <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>{subTitle}</div> : null}
      {extra ? <div style={{ marginTop: token.paddingLG, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: token.paddingXS }}>{extra}</div> : null}
    </div>
  );
}
