import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ValidationState {
  /** Messages of the last 422 answer, by field name. */
  errors: Record<string, string[]>;
}

const initialState: ValidationState = { errors: {} };

// One shared empty list keeps `useFieldErrors` from re-rendering on unrelated changes.
const noErrors: string[] = [];

/** Server-side validation errors, shown under the fields they belong to. */
export const validationSlice = createSlice({
  name: 'validation',
  initialState,
  reducers: {
    /** The server rejected a request with per-field messages (422). */
    failed(state, action: PayloadAction<Record<string, string[]>>) {
      state.errors = action.payload;
    },
    /** A new request started, or the screen showing the errors was left. */
    cleared(state) {
      state.errors = {};
    },
  },
  selectors: {
    selectValidationErrors: (state) => state.errors,
    selectFieldErrors: (state, field: string) => state.errors[field] ?? noErrors,
    selectHasValidationErrors: (state) => Object.keys(state.errors).length > 0,
  },
});

export const { failed: validationFailed, cleared: validationCleared } = validationSlice.actions;
export const { selectValidationErrors, selectFieldErrors, selectHasValidationErrors } = validationSlice.selectors;
