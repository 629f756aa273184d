/** What other features may use of the operation log: its view, which the tenants page shows per tenant. */
export { OperationLogView } from './components/OperationLogView';
