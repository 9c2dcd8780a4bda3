/** What a `ui:widget` name no widget answers to renders: a visible, translated box (STYLE §4), never nothing. */
import { Box } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function UnknownWidget({ id, options }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <Box id={id} role="note" borderWidth="1px" borderStyle="dashed" borderColor="border.error" color="fg.error" borderRadius="md" px="3" py="2" fontSize="sm">
      {t('form.unknownWidget', { name: String(options.unknownWidget ?? '') })}
    </Box>
  );
}
