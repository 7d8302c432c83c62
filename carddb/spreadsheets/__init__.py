"""Cards as spreadsheets: cells that know their place (`cells`), card fields as columns (`columns`),
`carddb import` (`cardimport`) and the YAML it writes (`cardyaml`)."""
