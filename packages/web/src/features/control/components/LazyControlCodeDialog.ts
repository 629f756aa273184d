import { lazyPart } from '../../../ui/lazyPart';

/**
 * The security-code dialog as control pages show it: its code (antd Modal, Radio, the code
 * fields) loads the first time a change is applied, not with the page (bench/web.bench.ts).
 */
export const LazyControlCodeDialog = lazyPart(
  () => import('./ControlCodeDialog').then((m) => m.ControlCodeDialog),
  (props) => props.open,
);
