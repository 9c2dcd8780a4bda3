/** One dashboard tile: its own read, with loading, failure (and a retry) and empty states. */
import type { ReactNode } from 'react';
import { Card, Heading, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../widgets/LoadFailed';
import { useLoad } from '../workspace/useLoad';

export function DashboardTile<T>({ title, load, empty, children }: { title: string; load: () => Promise<T>; empty: (data: T) => boolean; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const data = useLoad(load, []);
  return (
    <Card.Root variant="outline" as="section" aria-label={title}>
      <Card.Header pb="1">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {data.state === 'loading' && <Spinner size="sm" aria-label={t('dataTable.loading')} />}
        {data.state === 'failed' && <LoadFailed error={data.error} onRetry={data.retry} />}
        {data.state === 'ready' && (empty(data.data) ? <Text color="fg.muted" textStyle="sm">{t('dashboard.tileEmpty')}</Text> : children(data.data))}
      </Card.Body>
    </Card.Root>
  );
}
