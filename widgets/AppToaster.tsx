/** Draws the toasts of `toaster` (Chakra v3 ships the parts, not a ready-made toaster). */
import { Toaster, Toast, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster, type ToastMeta } from './toaster';

export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const meta = (toast.meta ?? {}) as ToastMeta;
          return (
            <Toast.Root width={{ md: 'sm' }} flexWrap="wrap">
              <Toast.Indicator />
              <Stack gap="1" flex="1" minW="0">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
              {meta.closeButton ? (
                <Toast.CloseTrigger
                  aria-label={t('app.close')}
                  position="static"
                  alignSelf="center"
                  textStyle="sm"
                  fontWeight="medium"
                  color="currentColor"
                  height="8"
                  px="3"
                  borderWidth="1px"
                  borderColor="var(--toast-border-color, inherit)"
                  _hover={{ bg: 'var(--toast-trigger-bg)' }}
                >
                  {t('app.close')}
                </Toast.CloseTrigger>
              ) : (
                toast.closable && <Toast.CloseTrigger aria-label={t('app.close')} />
              )}
            </Toast.Root>
          );
        }}
      </Toaster>
    </Portal>
  );
}
