// Testing Library's waits (`waitFor`, `findBy…`) give up after 1 s by default: a component test's
// first render, which loads its lazy chunks (the rich-text editor's), took longer on 2 cores shared
// with other test runs. 15 s is a cap for a hang, not a speed budget.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 15_000 });
