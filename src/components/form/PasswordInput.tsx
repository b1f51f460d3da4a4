import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../PlainIcon';

/**
 * A password input with a button that shows or hides what was typed. Its icons are drawn from
 * their SVG data (PlainIcon): antd's icon components would bring their style utilities to the
 * log-in page, which loads this first.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className="panel-input panel-password">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="panel-icon-button"
        aria-label={visible ? t('form.hidePassword', 'Hide password') : t('form.showPassword', 'Show password')}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <PlainIcon icon={EyeOutlined} /> : <PlainIcon icon={EyeInvisibleOutlined} />}
      </button>
    </span>
  );
}
