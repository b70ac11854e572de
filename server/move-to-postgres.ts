/**
 * `npm run move-to-postgres -- <data folder> <postgres://…> [<new data folder>]`: copies a SQLite installation,
 * running or not, into an empty PostgreSQL database (server/installation/move-to-postgres.ts), then says what it
 * moved. Afterwards start the server with DATABASE_URL set (and DATA_DIR on the new folder, if one was given).
 */
import { MoveError, moveToPostgres } from './installation/move-to-postgres.ts';

const USAGE = 'Uso: npm run move-to-postgres -- <carpeta de datos SQLite> <postgres://usuario@servidor:puerto/base> [<nueva carpeta de datos>]';

/** The address as it may be printed: without its password. */
const shown = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

async function move(from: string, to: string, filesTo: string | undefined): Promise<number> {
  console.log(`Trasladando ${from} a ${shown(to)}...`);
  try {
    const report = await moveToPostgres({ from, to, filesTo, log: (line) => console.log(line) });
    const total = Object.values(report.rows).reduce((sum, n) => sum + n, 0);
    console.log(`Listo: ${total} filas de ${Object.keys(report.rows).length} tablas; registro de cambios hasta ${report.lastSeq}.`);
    console.log(`Actas de EPP verificadas tras el traslado: ${report.actas.verified}, todas coinciden con su sello.`);
    if (filesTo) console.log(`Archivos copiados a ${filesTo}: ${report.files}.`);
    console.log('La instalación SQLite rechaza ahora toda escritura (503): los equipos guardan sus cambios y los envían al nuevo servidor.');
    console.log(`Inicie el servidor con DATABASE_URL=${shown(to)}${filesTo ? ` DATA_DIR=${filesTo}` : ''} npm start`);
    return 0;
  } catch (error) {
    console.error(error instanceof MoveError ? `No se trasladó nada: ${error.message}` : error);
    return 1;
  }
}

const [from, to, filesTo] = process.argv.slice(2);
if (!from || !to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  process.exitCode = await move(from, to, filesTo);
}
