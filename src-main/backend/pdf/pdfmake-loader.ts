// The app's one import of pdfmake (ESLint refuses others): the parsed-font
// cache must be in place before pdfmake loads pdfkit, and an import here
// runs after it.
import './font-cache';
import pdfmake from 'pdfmake';

export default pdfmake;
