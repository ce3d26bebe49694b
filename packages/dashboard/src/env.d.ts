// Stylesheets are imported for the bundler, which emits them as a file.
declare module '*.css';
