/** What other features may use of remote control: the code dialog every remote action opens. */
export { ControlCodeDialog, type ControlCode } from './components/ControlCodeDialog';
