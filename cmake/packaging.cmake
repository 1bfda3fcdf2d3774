# coyel installed like any terminal program: the binary, its man page and
# its completions for bash, zsh and fish, under any --prefix; and the Debian
# package that CPack makes of the same files (tools/package).
include(GNUInstallDirs)

# The man page and the completions are written by the built coyel itself, from
# the same CLI11 App as --help, so they cannot drift from it; --lang says their
# language whatever the builder's locale, and the French page (`man -L fr
# coyel`) is the same App worded by the French script.
set(COYEL_DOCS ${CMAKE_CURRENT_BINARY_DIR}/installed)
set(COYEL_DEBIAN ${CMAKE_CURRENT_SOURCE_DIR}/cmake/debian)
find_program(GZIP_PROGRAM gzip REQUIRED)
add_custom_command(
  OUTPUT ${COYEL_DOCS}/coyel.1 ${COYEL_DOCS}/coyel.1.gz ${COYEL_DOCS}/fr/coyel.1
         ${COYEL_DOCS}/fr/coyel.1.gz ${COYEL_DOCS}/coyel.bash
         ${COYEL_DOCS}/_coyel ${COYEL_DOCS}/coyel.fish ${COYEL_DOCS}/changelog.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${COYEL_DOCS}/fr
  COMMAND $<TARGET_FILE:coyel> --lang en manpage > ${COYEL_DOCS}/coyel.1
  COMMAND $<TARGET_FILE:coyel> --lang fr manpage > ${COYEL_DOCS}/fr/coyel.1
  COMMAND $<TARGET_FILE:coyel> --lang en completion bash > ${COYEL_DOCS}/coyel.bash
  COMMAND $<TARGET_FILE:coyel> --lang en completion zsh > ${COYEL_DOCS}/_coyel
  COMMAND $<TARGET_FILE:coyel> --lang en completion fish > ${COYEL_DOCS}/coyel.fish
  # -n: no name nor time stamp inside, so the package is reproducible.
  COMMAND ${GZIP_PROGRAM} -9nc ${COYEL_DOCS}/coyel.1 > ${COYEL_DOCS}/coyel.1.gz
  COMMAND ${GZIP_PROGRAM} -9nc ${COYEL_DOCS}/fr/coyel.1 > ${COYEL_DOCS}/fr/coyel.1.gz
  COMMAND ${GZIP_PROGRAM} -9nc ${COYEL_DEBIAN}/changelog > ${COYEL_DOCS}/changelog.gz
  DEPENDS coyel ${COYEL_DEBIAN}/changelog
  COMMENT "Writing coyel's man page and completions with coyel"
  VERBATIM)
add_custom_target(coyel_installed_docs ALL DEPENDS ${COYEL_DOCS}/coyel.1.gz
                                                     ${COYEL_DOCS}/fr/coyel.1.gz)

# Debian's copyright file (machine-readable format) around the LICENSE text.
file(READ ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE COYEL_LICENSE)
string(REGEX REPLACE "\n+$" "" COYEL_LICENSE "${COYEL_LICENSE}")
string(REPLACE "\n\n" "\n.\n" COYEL_LICENSE "${COYEL_LICENSE}")
string(REPLACE "\n" "\n " COYEL_LICENSE " ${COYEL_LICENSE}")
configure_file(${COYEL_DEBIAN}/copyright.in ${COYEL_DOCS}/copyright @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS LICENSE)

install(TARGETS coyel)
install(FILES ${COYEL_DOCS}/coyel.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${COYEL_DOCS}/fr/coyel.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/fr/man1)
install(FILES ${COYEL_DOCS}/coyel.bash RENAME coyel
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${COYEL_DOCS}/_coyel DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${COYEL_DOCS}/coyel.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The rulebook and the rulings, which the man page's SEE ALSO names.
install(FILES ${COYEL_DOCS}/copyright ${COYEL_DOCS}/changelog.gz
              ${CMAKE_CURRENT_SOURCE_DIR}/docs/rules.md ${CMAKE_CURRENT_SOURCE_DIR}/docs/rulings.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/coyel)

# The .deb: `cpack -G DEB` in a Release build (tools/package).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME coyel)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "moderator's assistant for the Coyel Heaven party game")
set(CPACK_PACKAGE_DESCRIPTION
    "coyel leads a game of Coyel Heaven, a climate-themed party game in the
Werewolf family, from the moderator's terminal: it reads the calls aloud
with you, keeps the rules to the letter, refuses what they forbid with the
reason, keeps the game clock, and saves every game as JSON that can be
resumed, checked and replayed for review.")
set(COYEL_MAINTAINER "The coyel authors <maintainers@users.noreply.a-seed-54f421d0.example>"
    CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_PACKAGE_CONTACT ${COYEL_MAINTAINER})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)  # "games" is for packages with a game in /usr/games
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends: from the shared libraries the binary links (dpkg-shlibdeps), and
# the server library, which coyel loads only when it serves (dlopen), so
# dpkg-shlibdeps cannot see it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libmicrohttpd12 (>= 0.9.75)")
# The voice (--speak), loaded the same way; a game without it plays silent.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libespeak-ng1 (>= 1.51)")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
