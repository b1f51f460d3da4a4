import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ValidationState {
  /** Messages of the last 422 answer, by field name. */
  errors: Record<string, string[]>;
  /**
   * The form sent last, where a screen has several forms sharing field names: its messages belong
   * to that form only. Kept in the store so a replayed session shows them where the customer did.
   */
  form: string | null;
}

const initialState: ValidationState = { errors: {}, form: null };

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
    /** A form is being sent; the next messages belong to it. */
    formSubmitted(state, action: PayloadAction<string>) {
      state.form = action.payload;
    },
    /**
     * The customer changed a field the server had complained about: its messages no longer
     * describe what is typed, so they go (the other fields keep theirs until the next request).
     */
    fieldEdited(state, action: PayloadAction<string>) {
      delete state.errors[action.payload];
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
    selectSubmittedForm: (state) => state.form,
  },
});

export const { failed: validationFailed, cleared: validationCleared, formSubmitted: validationFormSubmitted, fieldEdited: validationFieldEdited } = validationSlice.actions;
export const { selectValidationErrors, selectFieldErrors, selectHasValidationErrors, selectSubmittedForm } = validationSlice.selectors;
