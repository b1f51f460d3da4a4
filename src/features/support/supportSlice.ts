import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SupportState {
  /** Whether recent actions are recorded for "Report a problem" (a preference, on by default). */
  recording: boolean;
}

const initialState: SupportState = { recording: true };

/** The support preferences; kept across visits with the other preferences. */
export const supportSlice = createSlice({
  name: 'support',
  initialState,
  reducers: {
    recordingToggled(state, action: PayloadAction<boolean>) {
      state.recording = action.payload === true;
    },
  },
  selectors: {
    selectRecordingEnabled: (state) => state.recording,
  },
});

export const { recordingToggled } = supportSlice.actions;
export const { selectRecordingEnabled } = supportSlice.selectors;
