/**
 * A delivery of the log (`/backOffice/eventosEntregas/:id`, issue 15): its situation in plain words above its fields
 * (./DeliveryStatus.tsx), then its attempts (debug).
 */
import { EntityFormPage } from '../entity/EntityFormScreen';
import type { ScreenProps } from '../registry';
import { DeliveryAttempts } from './DeliveryAttempts';
import { DeliveryStatus } from './DeliveryStatus';

export default function DeliveryFormScreen(props: ScreenProps) {
  return (
    <EntityFormPage {...props} above={({ id }) => id !== null && <DeliveryStatus id={id} />}>
      {({ id }) => id !== null && <DeliveryAttempts id={id} />}
    </EntityFormPage>
  );
}
