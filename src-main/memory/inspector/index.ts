/** The inspector's engine-side modules; MemoryEngine's "inspector" section delegates here. */
export { seedGraph, expandGraph } from './graph';
export { inspectorCompare, inspectorExpand, inspectorGraph, inspectorTimeline } from './api';
export { timelineWindow } from './timeline';
export { overview } from './overview';
export { setTags, undoConfirm, undoCorrection } from './edits';
export { splitEntity, unmergeEntity } from './entity-split';
export * from './schemas';
export type * from './types';
