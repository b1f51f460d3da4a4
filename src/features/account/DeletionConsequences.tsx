import { useTranslation } from 'react-i18next';

/** Props of {@link DeletionConsequences}. */
export interface DeletionConsequencesProps {
  owned: { identifier: string; name: string }[];
  shared: { identifier: string; name: string; owner: string }[];
}

/** What deleting the account does, said before anything can be confirmed: servers by name. */
export function DeletionConsequences({ owned, shared }: DeletionConsequencesProps) {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t('account.delete.consequences', 'What happens')}>
      <p>{t('account.delete.intro', 'Deleting your account cannot be undone. Your sessions end and you can no longer log in.')}</p>
      {owned.length > 0 ? (
        <>
          <p>{t('account.delete.ownedIntro', 'These servers of yours are stopped and deleted, with their backups, files and databases:')}</p>
          <ul aria-label={t('account.delete.ownedList', 'Your servers that will be deleted')}>
            {owned.map((server) => (
              <li key={server.identifier}>{server.name}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('account.delete.noOwned', 'You own no servers.')}</p>
      )}
      {shared.length > 0 ? (
        <>
          <p>{t('account.delete.sharedIntro', 'Your access to these servers of other people ends (the servers stay):')}</p>
          <ul aria-label={t('account.delete.sharedList', 'Shared servers you will lose access to')}>
            {shared.map((server) => (
              <li key={server.identifier}>{t('account.delete.sharedServer', '{{name}} (owned by {{owner}})', { name: server.name, owner: server.owner })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
