import fs from 'node:fs';
import { parseConfig } from './config.ts';

const config = parseConfig(process.env);
fs.rmSync(config.dataDir, { recursive: true, force: true });
console.log(`Datos eliminados: ${config.dataDir}. El próximo "npm start" crea de nuevo las empresas demo.`);
