/** A record's states (schemas/registro `estado`): closed at its flow's end, or cancelled, it has ended. */
export const ENDED_STATES = ['cerrado', 'anulado'] as const;

/** Whether a record in this state has ended: it moves no further and stays as it ended (but for ADMIN and ROOT). */
export const isEnded = (estado: unknown): boolean => (ENDED_STATES as readonly unknown[]).includes(estado);
