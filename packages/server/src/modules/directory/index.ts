import type { ServerModule } from '../module.js';
import { directoryRoutes } from './routes.js';

/** Pickers and lists every console needs: area codes, farms, sheds, pens, people. */
export const directoryModule: ServerModule = { name: 'directory', routes: directoryRoutes };
