/** A delivery of the log (`/backOffice/eventosEntregas/:id`, issue 15): its fields, then its attempts (debug). */
import { EntityFormPage } from '../entity/EntityFormScreen';
import type { ScreenProps } from '../registry';
import { DeliveryAttempts } from './DeliveryAttempts';

export default function DeliveryFormScreen(props: ScreenProps) {
  return <EntityFormPage {...props}>{({ id }) => id !== null && <DeliveryAttempts id={id} />}</EntityFormPage>;
}
