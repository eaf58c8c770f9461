// Library information: versions and status names.
#include "CCollationShims.h"

#include <unicode/uchar.h>
#include <unicode/uversion.h>

extern "C" const char *ccs_icu_version(void) { return U_ICU_VERSION; }

extern "C" const char *ccs_unicode_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    static bool once = [] {
        UVersionInfo info;
        u_getUnicodeVersion(info);
        info[2] = info[3] = 0;
        u_versionToString(info, text);
        return true;
    }();
    (void)once;
    return text;
}

extern "C" const char *ccs_status_name(int32_t status) {
    return u_errorName(static_cast<UErrorCode>(status));
}
