// cronstrue's locale modules ship without types: they export nothing the panel uses, they only
// register their words into cronstrue when they run.
declare module 'cronstrue/locales/*';
