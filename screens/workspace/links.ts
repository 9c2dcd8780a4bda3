/** The links of the workspace and the execution route (spec §2), in one place. */
export const WORKSPACE = '/workspacecard';
export const UNGROUPED = 'none';

export const groupsPath = () => WORKSPACE;
export const groupPath = (group: number | string) => `${WORKSPACE}?grupo=${encodeURIComponent(String(group))}`;
export const flowPath = (group: number | string | null, flow: number) =>
  `${WORKSPACE}?${group === null ? '' : `grupo=${encodeURIComponent(String(group))}&`}flujo=${flow}`;

/** As a link's href (hash routing). */
export const href = (path: string) => `#${path}`;

/** The record list of an activity of a flow; with an id, one record (`create` for a new one), `show` to view it. */
export const executionPath = (flow: number | string, activity: number | string, id?: number | string, show?: boolean) =>
  `/execution/${flow}/${activity}${id === undefined ? '' : `/${id}${show ? '/show' : ''}`}`;
