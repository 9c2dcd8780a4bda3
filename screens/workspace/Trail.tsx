/** Where the user is in the workspace (groups › flow › activity): each step a link back, the last one the page. */
import { Fragment } from 'react';
import { Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface TrailStep {
  label: string;
  /** A hash link ("#/workspacecard?grupo=3"); the last step has none. */
  href?: string;
}

export function Trail({ steps }: { steps: TrailStep[] }) {
  const { t } = useTranslation();
  return (
    <Breadcrumb.Root aria-label={t('workspace.trail')} size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {steps.map((s, i) => (
          <Fragment key={`${i}-${s.label}`}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>{s.href ? <Breadcrumb.Link href={s.href}>{s.label}</Breadcrumb.Link> : <Breadcrumb.CurrentLink>{s.label}</Breadcrumb.CurrentLink>}</Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
