import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input with a button that shows or hides what was typed. */
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
        {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </span>
  );
}
