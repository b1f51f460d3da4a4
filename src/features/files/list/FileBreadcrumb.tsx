import { HomeOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Ltr } from '../../../components/Ltr';
import { pathCrumbs, ROOT } from '../filePaths';

/** Props of {@link FileBreadcrumb}. */
export interface FileBreadcrumbProps {
  directory: string;
  /** The address of the files page showing a folder. */
  folderLink: (path: string) => string;
  /** The file open in the editor, shown as the last step. */
  fileName?: string;
}

/**
 * Where in the server's files the page is: the root, then each folder down to this one, as a
 * list in antd Breadcrumb's look. antd's Breadcrumb brings Dropdown and Menu along (for crumbs
 * with menus, which these never have): a sixth of the files page's own code.
 */
export function FileBreadcrumb({ directory, folderLink, fileName }: FileBreadcrumbProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const crumbs = pathCrumbs(directory);
  const last = fileName === undefined ? crumbs.length - 1 : -1;
  const root = (
    <>
      <HomeOutlined /> {t('files.breadcrumb.root', 'Server files')}
    </>
  );
  const steps: { key: string; content: ReactNode; current: boolean }[] = [
    crumbs.length === 0 && fileName === undefined
      ? { key: ROOT, content: <span aria-current="page">{root}</span>, current: true }
      : { key: ROOT, content: <Link to={folderLink(ROOT)}>{root}</Link>, current: false },
    ...crumbs.map((crumb, index) =>
      index === last
        ? { key: crumb.path, content: <Ltr aria-current="page">{crumb.name}</Ltr>, current: true }
        : {
            key: crumb.path,
            content: (
              <Link to={folderLink(crumb.path)}>
                <Ltr>{crumb.name}</Ltr>
              </Link>
            ),
            current: false,
          },
    ),
    ...(fileName === undefined ? [] : [{ key: 'file', content: <Ltr aria-current="page">{fileName}</Ltr>, current: true }]),
  ];
  return (
    <nav aria-label={t('files.breadcrumb.label', 'Folder path')}>
      <ol
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          margin: 0,
          padding: 0,
          listStyle: 'none',
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          color: token.colorTextDescription,
        }}
      >
        {steps.map((step, index) => (
          <Fragment key={step.key}>
            {index > 0 ? (
              <li aria-hidden="true" style={{ marginInline: token.marginXS }}>
                /
              </li>
            ) : null}
            <li style={{ color: step.current ? token.colorText : undefined, overflowWrap: 'anywhere' }}>{step.content}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
