// placeholder until the SectionedData module lands
