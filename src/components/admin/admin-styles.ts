/**
 * Mantine's stylesheets for the components only the back office uses, loaded with its code: a visitor never
 * downloads them (src/app/mantine-styles.ts holds the rest).
 */
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/dropzone/styles.css';
