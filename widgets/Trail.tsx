/**
 * Where the user is (a breadcrumb): each step a link back, the last one the page itself (aria-current). One line:
 * on a narrow screen the steps are cut with an ellipsis, the whole text in their tooltip.
 */
import { Fragment } from 'react';
import { Box, Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface TrailStep {
  label: string;
  /** A route path ("/workspacecard?grupo=3"); the last step has none. Router links, so a page that guards
   * unsaved changes (useBlocker) is asked before leaving. */
  to?: string;
  /** Navigation state the link carries (a list's search and filters, to open it as it was). */
  state?: unknown;
}

export function Trail({ steps }: { steps: TrailStep[] }) {
  const { t } = useTranslation();
  return (
    <Breadcrumb.Root aria-label={t('workspace.trail')} size="sm" minW="0">
      <Breadcrumb.List flexWrap="nowrap" minW="0" overflow="hidden">
        {steps.map((s, i) => {
          const last = i === steps.length - 1;
          const text = (
            <Box as="span" truncate>
              {s.label}
            </Box>
          );
          return (
            <Fragment key={`${i}-${s.label}`}>
              {i > 0 && <Breadcrumb.Separator flexShrink={0} />}
              {/* the page's own name gets the room; the steps before it give way first */}
              <Breadcrumb.Item minW="0" flexShrink={last ? 1 : 3} maxW={last ? undefined : { base: '9rem', md: '16rem' }} title={s.label}>
                {s.to ? (
                  <Breadcrumb.Link asChild minW="0" maxW="full">
                    <RouterLink to={s.to} state={s.state}>
                      {text}
                    </RouterLink>
                  </Breadcrumb.Link>
                ) : (
                  <Breadcrumb.CurrentLink minW="0" maxW="full" display="inline-flex">
                    {text}
                  </Breadcrumb.CurrentLink>
                )}
              </Breadcrumb.Item>
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
