import type { Page } from '@playwright/test';

export interface SeededInspections {
  inspections: number;
  observations: number;
  /** What the list must show after each filter, as the app computes it (SPEC OV1 for the light). */
  expected: {
    templates: { id: string; name: string; count: number }[];
    tipos: Record<string, number>;
    nv2: { id: string; count: number }[];
    contractors: { rut: string; count: number }[];
    red: number;
  };
}

/**
 * Puts `count` finished inspections (30 answers, two signatures, header fields, about 1.2 observations each) of
 * three templates into the signed-in person's database on the device, straight through IndexedDB, as if pulled over
 * a year and a half. The page must be reloaded afterwards: the app's live queries do not see writes from outside
 * Dexie. Uses the levels already pulled from the demo company.
 */
export function seedInspectionsOnDevice(page: Page, count: number): Promise<SeededInspections> {
  return page.evaluate(async (total) => {
    const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number }; empresa: { IdEmpresa: string } };
    const company = session.empresa.IdEmpresa;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = database.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const levels = await read<{ IdNivel: string; TipoNivel: number; IdNivelPadre: string | null }>('niveles');
    const level3 = levels.filter((level) => level.TipoNivel === 3 && level.IdNivelPadre);
    if (level3.length === 0) throw new Error('El dispositivo no tiene niveles 3 del demo: ¿terminó la primera sincronización?');

    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
    const id = (kind: number, i: number) => `0190${hex(kind, 4)}-0000-7000-8000-${hex(i, 12)}`;
    const day = (offset: number) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());

    const STATEMENTS = [
      'Herramientas manuales sin fisuras ni reparaciones improvisadas',
      'Esmeril angular con guarda y mango auxiliar',
      'Extensiones eléctricas sin empalmes y con enchufe normado',
      'Arnés con inspección vigente y etiqueta legible',
      'Línea de vida anclada a punto certificado',
      'Andamio con rodapié, barandas y tarjeta verde',
      'Trabajador usa casco, lentes y calzado de seguridad',
      'Área de trabajo señalizada y segregada',
      'Extintor vigente y accesible a menos de 15 m',
      'Orden y aseo en el área de trabajo',
    ];
    const templates = [
      { IdFormulario: id(1, 1), Nombre: 'Herramientas y equipos portátiles', Tipo: 'inspeccion' },
      { IdFormulario: id(1, 2), Nombre: 'Trabajo en altura', Tipo: 'inspeccion' },
      { IdFormulario: id(1, 3), Nombre: 'Observación de conducta segura', Tipo: 'observacion' },
    ].map((template, t) => {
      const Items = [0, 1, 2].map((item) => ({
        IdItem: `i${item + 1}`,
        Nombre: ['Equipos', 'Protección personal', 'Entorno'][item]!,
        Enunciados: Array.from({ length: 10 }, (_, s) => ({
          IdEnunciado: `e${item * 10 + s + 1}`,
          Texto: `${STATEMENTS[(s + item + t) % STATEMENTS.length]}`,
          Ponderacion: 1 + ((s * 7 + item) % 5) * 5,
          Subpreguntas: s === 0 ? [{ IdSubpregunta: 's1', Texto: 'Código del equipo' }] : [],
        })),
      }));
      const Rangos = [
        { Desde: 0, Hasta: 60, Nota: 2.5 },
        { Desde: 60, Hasta: 80, Nota: 4 },
        { Desde: 80, Hasta: 95, Nota: 5.5 },
        { Desde: 95, Hasta: 100, Nota: 7 },
      ];
      return {
        ...template,
        IdEmpresa: company,
        Descripcion: 'Formulario de carga para medir la lista',
        Estado: 1,
        VersionFormulario: 1,
        Contenido: {
          ColumnasEncabezado: 2,
          CamposEncabezado: [{ IdCampo: 'c1', Etiqueta: 'Turno', Tipo: 'texto', Requerido: false }],
          Items,
          Rangos,
        },
        Version: 1,
        ActualizadoEn: '2025-01-01T12:00:00.000Z',
        orden: template.Nombre.normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      };
    });
    const contractors = ['77111222-3', '76543210-K', '78999000-1'];
    const places = [
      'Bodega central',
      'Taller de mantención',
      'Frente de carguío',
      'Planta chancado',
      'Patio de contenedores',
      'Oficina de faena',
    ];
    const supervisors = ['Sofía Rojas', 'Pedro Soto', 'Camila Fuentes', 'Jorge Muñoz'];

    const expected = {
      templates: templates.map((template) => ({ id: template.IdFormulario, name: template.Nombre, count: 0 })),
      tipos: {} as Record<string, number>,
      nv2: [] as { id: string; count: number }[],
      contractors: contractors.map((rut) => ({ rut, count: 0 })),
      red: 0,
    };
    const nv2Counts = new Map<string, number>();
    const inspections: unknown[] = [];
    const observations: unknown[] = [];
    for (let i = 0; i < total; i += 1) {
      const t = i % 10 < 5 ? 0 : i % 10 < 8 ? 1 : 2;
      const template = templates[t]!;
      const level = pick(level3);
      const contractor = i % 4 === 0 ? pick(contractors) : null;
      const fecha = day(Math.floor((i * 540) / total));
      const IdEvaluacion = id(2, i);
      const Respuestas = template.Contenido.Items.flatMap((item) =>
        item.Enunciados.map((statement) => ({
          IdEnunciado: statement.IdEnunciado,
          Respuesta: random() < 0.82 ? 1 : random() < 0.5 ? 2 : 3,
          Subrespuestas: statement.Subpreguntas.length ? { s1: `EQ-${100 + (i % 900)}` } : {},
        })),
      );
      let weightOk = 0;
      let weightAll = 0;
      template.Contenido.Items.forEach((item) =>
        item.Enunciados.forEach((statement) => {
          const answer = Respuestas.find((row) => row.IdEnunciado === statement.IdEnunciado)!.Respuesta;
          if (answer === 3) return;
          weightAll += statement.Ponderacion;
          if (answer === 1) weightOk += statement.Ponderacion;
        }),
      );
      const Porcentaje = weightAll ? Math.round((1000 * weightOk) / weightAll) / 10 : null;
      const Nota =
        Porcentaje === null
          ? null
          : template.Contenido.Rangos.find((r) => Porcentaje >= r.Desde && (Porcentaje < r.Hasta || r.Hasta === 100))!.Nota;
      const firma = (n: number) => ({
        IdFirma: id(3, i * 2 + n),
        Rol: n === 0 ? 'Ejecutor' : 'Firmante',
        Nombre: n === 0 ? pick(supervisors) : 'Luis Herrera',
        Rut: '',
        Cargo: n === 0 ? 'Supervisor' : 'Jefe de turno',
        Archivo: { Sha256: hex(i * 2 + n, 64), Tipo: 'image/png' },
        FirmadoEn: `${fecha}T15:00:00.000Z`,
      });
      inspections.push({
        IdEvaluacion,
        IdEmpresa: company,
        IdFormulario: template.IdFormulario,
        VersionFormulario: 1,
        NombreFormulario: template.Nombre,
        Tipo: template.Tipo,
        Fecha: fecha,
        Lugar: pick(places),
        IdNivel2: level.IdNivelPadre,
        IdNivel3: level.IdNivel,
        IdSupervisor: 2,
        Supervisor: pick(supervisors),
        Observados: [],
        EquipoTrabajo: `Cuadrilla ${1 + (i % 12)}`,
        RutContratista: contractor,
        IdCliente: null,
        Encabezado: { c1: i % 2 ? 'Día' : 'Noche' },
        Respuestas,
        Firmas: [firma(0), firma(1)],
        Porcentaje,
        Nota,
        Estado: 1,
        IniciadaEn: `${fecha}T13:00:00.000Z`,
        FinalizadaEn: `${fecha}T14:00:00.000Z`,
        Version: 1,
      });
      expected.templates[t]!.count += 1;
      expected.tipos[template.Tipo] = (expected.tipos[template.Tipo] ?? 0) + 1;
      nv2Counts.set(level.IdNivelPadre!, (nv2Counts.get(level.IdNivelPadre!) ?? 0) + 1);
      if (contractor) expected.contractors.find((row) => row.rut === contractor)!.count += 1;

      let red = false;
      Respuestas.filter((answer) => answer.Respuesta === 2).forEach((answer, n) => {
        const statement = template.Contenido.Items.flatMap((item) => item.Enunciados).find(
          (row) => row.IdEnunciado === answer.IdEnunciado,
        )!;
        const plazo = day(Math.floor((i * 540) / total) + 7 + (n % 3) * 7);
        const approved = random() < 0.6;
        const answered = !approved && random() < 0.4;
        // As pulled from the server, which has already applied the overdue rule (SPEC OV1) to past deadlines.
        const stored = approved ? 1 : plazo < today ? 3 : pick([1, 2, 2, 3] as const);
        const light = stored;
        if (light === 3) red = true;
        observations.push({
          IdObservacion: id(4, observations.length),
          IdEvaluacion,
          IdEmpresa: company,
          IdFormulario: template.IdFormulario,
          TipoObs: 'Checklist',
          IdEnunciado: answer.IdEnunciado,
          Enunciado: statement.Texto,
          Observacion: `Se detecta incumplimiento: ${statement.Texto.toLowerCase()}`,
          Responsable: pick(supervisors),
          IdResponsable: null,
          Plazo: plazo,
          SemaforoObs: stored,
          Severidad: pick(['Baja', 'Media', 'Alta'] as const),
          Respondida: answered ? 1 : 0,
          Aprobada: approved ? 1 : 0,
          Estado: 1,
          EmisorObs: 'Sofía Rojas',
          Archivos: [{ Sha256: hex(1_000_000 + observations.length, 64), Tipo: 'image/jpeg' }],
          Respuestas: approved
            ? [
                {
                  IdRespuesta: id(5, observations.length * 2),
                  Tipo: 'respuesta',
                  Texto: 'Corregido en terreno',
                  Archivos: [],
                  IdUsuario: 3,
                  Usuario: 'Pedro Soto',
                  Fecha: `${plazo}T12:00:00.000Z`,
                  Plazo: null,
                },
                {
                  IdRespuesta: id(5, observations.length * 2 + 1),
                  Tipo: 'aprobacion',
                  Texto: '',
                  Archivos: [],
                  IdUsuario: 1,
                  Usuario: 'Admin Andes',
                  Fecha: `${plazo}T18:00:00.000Z`,
                  Plazo: null,
                },
              ]
            : [],
          Fecha: fecha,
          IdNivel2: level.IdNivelPadre,
          IdNivel3: level.IdNivel,
          RutContratista: contractor,
          IdCliente: null,
          CreadoEn: `${fecha}T14:00:00.000Z`,
          Version: approved ? 3 : 1,
        });
      });
      if (red) expected.red += 1;
    }
    expected.nv2 = [...nv2Counts].map(([level, n]) => ({ id: level, count: n })).sort((a, b) => b.count - a.count);

    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction(['formularios', 'inspecciones', 'observaciones'], 'readwrite');
      templates.forEach((template) => transaction.objectStore('formularios').put(template));
      inspections.forEach((row) => transaction.objectStore('inspecciones').put(row));
      observations.forEach((row) => transaction.objectStore('observaciones').put(row));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    database.close();
    return { inspections: inspections.length, observations: observations.length, expected };
  }, count);
}
