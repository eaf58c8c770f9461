// Umbrella for the system ICU. Included only by CCollationShims' .cpp files.
#pragma once
#include <unicode/ucol.h>
#include <unicode/uloc.h>
