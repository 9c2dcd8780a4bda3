/**
 * For UI tests of the record page: `api.post` answered as the server would for one stored record and its articles.
 * The record's update keeps what was sent (in `sent`, in order) and counts its version on; lists are empty.
 */
type Row = Record<string, unknown>;

export function fakeRecordServer(record: Row & { id: number }, articles: readonly (Row & { id: number })[]) {
  const state = { stored: record as Row, sent: [] as Row[] };
  const answer = (call: string, body?: unknown): unknown => {
    if (call === `registro/show/${record.id}`) return state.stored;
    const article = articles.find((a) => call === `articulo/show/${a.id}`);
    if (article) return article;
    if (call === `registro/update/${record.id}`) {
      state.sent.push(body as Row);
      state.stored = { ...state.stored, ...(body as Row), version: Number(state.stored.version) + 1 };
      return state.stored;
    }
    if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
    return [];
  };
  return { state, answer };
}
