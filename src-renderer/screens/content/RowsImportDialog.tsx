// Website and template imports beside the article and keyword ones: a .json file
// holding an array of records shaped as the screen's form sends them, posted as
// rows to importWebsite / importTemplate, which run them as an import task (the
// shared TaskImportDialog follows its counts; bad rows land in the task error log).
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { TaskImportDialog } from './KeywordImportDialog';
import '../../i18n/areas/content';

/** the records of a JSON import file: an array, or an object holding one under list / records / data */
export function rowsOf(text: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new Error('json');
  }
  const box = parsed as Record<string, unknown> | null;
  const list = Array.isArray(parsed) ? parsed : (box?.list ?? box?.records ?? box?.data);
  if (!Array.isArray(list) || list.length === 0 || !list.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) throw new Error('rows');
  return list as Record<string, unknown>[];
}

function RowsImportDialog(props: ExtraActionDialogProps & { title: string; url: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <TaskImportDialog
      {...props}
      accept=".json"
      prepare={async (file) => {
        try {
          return { list: rowsOf(await file.text()) };
        } catch (e) {
          throw new Error((e as Error).message === 'json' ? t('content.c3.jsonInvalid') : t('content.c3.jsonNoRows'));
        }
      }}
    />
  );
}

export function WebsiteImportDialog(props: ExtraActionDialogProps) {
  const { t } = useTranslation();
  return <RowsImportDialog {...props} title={t('content.c3.websiteImport')} url="/website-blade-material/websiteInfo/importWebsite" hint={t('content.c3.websiteImportHint')} />;
}

export function TemplateImportDialog(props: ExtraActionDialogProps) {
  const { t } = useTranslation();
  return <RowsImportDialog {...props} title={t('content.c3.templateImport')} url="/seo-blade-material/websiteTemplate/importTemplate" hint={t('content.c3.templateImportHint')} />;
}
