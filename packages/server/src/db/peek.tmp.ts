import { openDatabase } from './client.js';
const database = await openDatabase({ dataDir: process.argv[2]! });
for (const q of process.argv.slice(3)) console.log(q, JSON.stringify(await database.query(q)));
await database.close();
