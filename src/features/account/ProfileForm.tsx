import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAccountMutation } from '../../api/account';
import type { User } from '../../api/auth';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { useSuccessNotice } from './useSuccessNotice';

interface Values {
  name_first: string;
  name_last: string;
}

/** First and last name. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateAccountMutation();
  const activate = useActivateForm('profile');
  const notice = useSuccessNotice();
  const firstErrors = useScopedFieldErrors('profile', 'name_first');
  const lastErrors = useScopedFieldErrors('profile', 'name_last');
  const firstLabel = t('account.profile.firstName', 'First name');
  const lastLabel = t('account.profile.lastName', 'Last name');

  const submit = async ({ name_first, name_last }: Values) => {
    activate();
    try {
      // An emptied name is cleared on the server rather than stored as "".
      await update({ body: { name_first: name_first.trim() || null, name_last: name_last.trim() || null } }).unwrap();
      notice(t('account.profile.saved', 'Your name was updated.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <Form<Values> name="profile" layout="vertical" onFinish={submit} initialValues={{ name_first: user.name_first ?? '', name_last: user.name_last ?? '' }}>
      <Form.Item name="name_first" label={firstLabel} {...fieldErrorProps(firstErrors, firstLabel)}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item name="name_last" label={lastLabel} {...fieldErrorProps(lastErrors, lastLabel)}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('account.profile.submit', 'Save name')}
      </Button>
    </Form>
  );
}
