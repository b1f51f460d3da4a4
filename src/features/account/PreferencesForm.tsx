import { Button, Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAccountMutation } from '../../api/account';
import type { User } from '../../api/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { PlainSelect } from '../../components/PlainSelect';
import { localeChanged, selectLanguages, selectLocale } from '../../core/locale/localeSlice';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { languageName } from './languageName';
import { useSuccessNotice } from './useSuccessNotice';

interface Values {
  language: string;
  time_format: 12 | 24;
  restart_confirmation: boolean;
}

/** Interface language, 12- or 24-hour clock, and whether restarts ask for confirmation. */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const languages = useAppSelector(selectLanguages);
  const locale = useAppSelector(selectLocale);
  const [update, { isLoading }] = useUpdateAccountMutation();
  const activate = useActivateForm('preferences');
  const notice = useSuccessNotice();
  const languageErrors = useScopedFieldErrors('preferences', 'language');
  const timeErrors = useScopedFieldErrors('preferences', 'time_format');
  const labels = {
    language: t('account.preferences.language', 'Language'),
    time_format: t('account.preferences.timeFormat', 'Time format'),
    restart_confirmation: t('account.preferences.restartConfirmation', 'Ask before restarting a server'),
  };
  // The interface language in use is always offered, even before the language list has arrived.
  const codes = languages.some((language) => language.code === locale) ? languages.map((l) => l.code) : [locale, ...languages.map((l) => l.code)];

  const submit = async (values: Values) => {
    activate();
    try {
      await update({ body: values }).unwrap();
      dispatch(localeChanged(values.language));
      notice(t('account.preferences.saved', 'Your preferences were saved.'));
    } catch {
      // Shown by the listeners.
    }
  };

  const timeFormat: 12 | 24 = user.time_format === 12 ? 12 : 24;
  return (
    <Form<Values> name="account-preferences" layout="vertical" onFinish={submit} initialValues={{ language: locale, time_format: timeFormat, restart_confirmation: user.restart_confirmation }}>
      <Form.Item name="language" label={labels.language} {...fieldErrorProps(languageErrors, labels.language)}>
        <PlainSelect options={codes.map((code) => ({ value: code, label: languageName(code) }))} />
      </Form.Item>
      <Form.Item name="time_format" label={labels.time_format} {...fieldErrorProps(timeErrors, labels.time_format)}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 24, label: t('account.preferences.hours24', '24-hour') },
            { value: 12, label: t('account.preferences.hours12', '12-hour') },
          ]}
        />
      </Form.Item>
      <Form.Item name="restart_confirmation" label={labels.restart_confirmation} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('account.preferences.submit', 'Save preferences')}
      </Button>
    </Form>
  );
}
