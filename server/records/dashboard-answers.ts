import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { DashboardAnswerSchema, MaskSchema } from '#sync/schemas/dashboard-answer.schema.ts';
import { named } from '../http/api-answers.ts';

/** What every dashboard indicator answers, one component of the API description. */
export const IndicatorAnswer = named('DashboardAnswer', DashboardAnswerSchema);

/** `{ statusCode, data: [{ TipoNv, Nombre }] }`: the company's names of levels 2, 3 and 4. */
export const MasksAnswer = named('MascarasAnswer', dataAnswer(v.array(MaskSchema)));
