/** Under a dashboard tile's list: how many more there are than it shows, a link to them where a screen lists them all. */
import { Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export type Rows = { total: number; rows: Record<string, any>[] };

/** `to`: the screen that lists them all. */
export const More = ({ d, to }: { d: Rows; to?: string }) => {
  const { t } = useTranslation();
  if (d.total <= d.rows.length) return null;
  const text = t('dashboard.andMore', { count: d.total - d.rows.length });
  return to ? (
    <Link asChild textStyle="xs">
      <RouterLink to={to}>{text}</RouterLink>
    </Link>
  ) : (
    <Text textStyle="xs" color="fg.muted">
      {text}
    </Text>
  );
};
