import { formatNumber } from '#sync/domain/number-format.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { requestPersistentStorage } from '#app/data/device-storage.ts';
import { formatBytes } from '#app/ui/display-format.ts';
import { isIosBrowserTab, useStorageSummary, useTableCounts } from './use-device-summary.ts';
import './device-card.css';

/** What this device holds for the person: space used, persistent storage and records per table. */
export function DeviceCard() {
  const counts = useTableCounts();
  const [checks, setChecks] = useState(0);
  const summary = useStorageSummary(`${checks}/${counts?.reduce((total, table) => total + table.count, 0)}`);

  const checkAgain = async () => {
    await requestPersistentStorage();
    setChecks((count) => count + 1);
  };

  return (
    <section className="card" aria-labelledby="device-title">
      <h2 id="device-title">Datos en este dispositivo</h2>
      {summary?.usage != null && summary.quota != null ? (
        <p>
          Usado {formatBytes(summary.usage)} de {formatBytes(summary.quota)} disponibles.
        </p>
      ) : (
        <p className="muted">Este navegador no informa cuánto espacio usa la aplicación.</p>
      )}
      {summary?.persisted === true && <p className="notice notice--success">Almacenamiento persistente concedido: el navegador no borrará estos datos por falta de espacio.</p>}
      {summary?.persisted === false && (
        <p className="notice notice--warning" role="status">
          El navegador no concedió almacenamiento persistente: podría borrar los datos guardados si le falta espacio. Instala la
          aplicación en este dispositivo y sincroniza seguido.
        </p>
      )}
      {isIosBrowserTab() && (
        <p className="notice notice--warning">
          En iPhone y iPad, agrega Andes HSE a la pantalla de inicio (Compartir → Agregar a inicio) antes de trabajar en terreno: Safari
          borra los datos de los sitios que no se abren en 7 días.
        </p>
      )}
      {counts && (
        <table className="device-table">
          <caption className="visually-hidden">Registros guardados por tabla</caption>
          <thead>
            <tr>
              <th scope="col">Contenido</th>
              <th scope="col">Registros</th>
            </tr>
          </thead>
          <tbody>
            {counts.map((table) => (
              <tr key={table.name}>
                <td>{table.label}</td>
                <td>{formatNumber(table.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="button-row">
        <IonButton fill="outline" color="dark" onClick={() => void checkAgain()}>
          Revisar de nuevo
        </IonButton>
      </div>
    </section>
  );
}
