/** What other features may use of remote control: the code dialog every remote action opens, a setting in words. */
export { ControlCodeDialog, type ControlCode } from './components/ControlCodeDialog';
export { settingText } from './components/settingText';
