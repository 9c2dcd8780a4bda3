/** The links of the workspace and the execution route (spec §2), in one place. */
export const WORKSPACE = '/workspacecard';
export const UNGROUPED = 'none';

export const groupsHref = () => `#${WORKSPACE}`;
export const groupHref = (group: number | string) => `#${WORKSPACE}?grupo=${encodeURIComponent(String(group))}`;
export const flowHref = (group: number | string | null, flow: number) =>
  `#${WORKSPACE}?${group === null ? '' : `grupo=${encodeURIComponent(String(group))}&`}flujo=${flow}`;

/** The record list of an activity of a flow; with an id, one record (`create` for a new one), `show` to view it. */
export const executionPath = (flow: number | string, activity: number | string, id?: number | string, show?: boolean) =>
  `/execution/${flow}/${activity}${id === undefined ? '' : `/${id}${show ? '/show' : ''}`}`;
