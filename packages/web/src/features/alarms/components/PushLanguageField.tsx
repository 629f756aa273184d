import type { ReactElement } from 'react';
import { Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@farmsense/shared';
import { isLocale } from '../../../app/i18n/i18n';
import { Field } from '../../../ui/FormFields';

/** The language a new push configuration writes its messages in: the console's, else English. */
export function pushLanguage(language: string): Locale {
  return isLocale(language) ? language : 'en-us';
}

/** The messages' language of a push configuration (strategy or phone): the five catalogue languages by name. */
export function PushLanguageField({ rule }: { rule: (field: string) => FormRule }): ReactElement {
  const { t } = useTranslation(['alarms', 'shell']);
  return (
    <Field name="language" label={t('pushConfig.fields.language')} rule={rule} required>
      <Select options={LOCALES.map((l) => ({ value: l, label: t(`shell:languageNames.${l}`) }))} />
    </Field>
  );
}
