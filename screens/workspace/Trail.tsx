/** Where the user is in the workspace (groups › flow › activity): each step a link back, the last one the page. */
import { Fragment } from 'react';
import { Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface TrailStep {
  label: string;
  /** A route path ("/workspacecard?grupo=3"); the last step has none. Router links, so a page that guards
   * unsaved changes (useBlocker) is asked before leaving. */
  to?: string;
}

export function Trail({ steps }: { steps: TrailStep[] }) {
  const { t } = useTranslation();
  return (
    <Breadcrumb.Root aria-label={t('workspace.trail')} size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {steps.map((s, i) => (
          <Fragment key={`${i}-${s.label}`}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {s.to ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={s.to}>{s.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{s.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
