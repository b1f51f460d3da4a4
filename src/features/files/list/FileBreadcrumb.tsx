import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
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

/** Where in the server's files the page is: the root, then each folder down to this one. */
export function FileBreadcrumb({ directory, folderLink, fileName }: FileBreadcrumbProps) {
  const { t } = useTranslation();
  const crumbs = pathCrumbs(directory);
  const last = fileName === undefined ? crumbs.length - 1 : -1;
  return (
    <nav aria-label={t('files.breadcrumb.label', 'Folder path')}>
      <Breadcrumb
        items={[
          {
            key: ROOT,
            title:
              crumbs.length === 0 && fileName === undefined ? (
                <span aria-current="page"><HomeOutlined /> {t('files.breadcrumb.root', 'Server files')}</span>
              ) : (
                <Link to={folderLink(ROOT)}><HomeOutlined /> {t('files.breadcrumb.root', 'Server files')}</Link>
              ),
          },
          ...crumbs.map((crumb, index) => ({
            key: crumb.path,
            title: index === last ? <Ltr aria-current="page">{crumb.name}</Ltr> : <Link to={folderLink(crumb.path)}><Ltr>{crumb.name}</Ltr></Link>,
          })),
          ...(fileName === undefined ? [] : [{ key: 'file', title: <Ltr aria-current="page">{fileName}</Ltr> }]),
        ]}
      />
    </nav>
  );
}
