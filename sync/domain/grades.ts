/** The Chilean grading scale (spec: grades show a decimal comma): 1,0 to 7,0 in tenths, passing at 4,0. */
export const GRADE_MIN = 1;
export const GRADE_MAX = 7;
export const PASSING_GRADE = 4;

export const GRADE_MESSAGES = {
  invalid: 'La nota debe estar entre 1,0 y 7,0, con un decimal',
} as const;

/** A grade on the scale with at most one decimal. */
export function isGrade(value: number): boolean {
  return Number.isFinite(value) && value >= GRADE_MIN && value <= GRADE_MAX && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

export function passes(grade: number): boolean {
  return grade >= PASSING_GRADE;
}
