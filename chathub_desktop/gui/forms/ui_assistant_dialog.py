# generated from ui/assistant_dialog.ui by pyside6-uic — do not edit; run python -m chathub_desktop.gui.form_compiler
# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'assistant_dialog.ui'
##
## Created by: Qt User Interface Compiler version 6.12.0
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
    QLabel, QLineEdit, QPlainTextEdit, QSizePolicy,
    QSpacerItem, QSpinBox, QToolButton, QVBoxLayout,
    QWidget)

class Ui_AssistantDialog(object):
    def setupUi(self, AssistantDialog):
        if not AssistantDialog.objectName():
            AssistantDialog.setObjectName(u"AssistantDialog")
        AssistantDialog.resize(560, 520)
        self.mainLayout = QVBoxLayout(AssistantDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.formLayout = QFormLayout()
        self.formLayout.setObjectName(u"formLayout")
        self.formLayout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.nameLabel = QLabel(AssistantDialog)
        self.nameLabel.setObjectName(u"nameLabel")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.nameLabel)

        self.nameEdit = QLineEdit(AssistantDialog)
        self.nameEdit.setObjectName(u"nameEdit")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.FieldRole, self.nameEdit)

        self.providerLabel = QLabel(AssistantDialog)
        self.providerLabel.setObjectName(u"providerLabel")

        self.formLayout.setWidget(1, QFormLayout.ItemRole.LabelRole, self.providerLabel)

        self.providerRow = QHBoxLayout()
        self.providerRow.setObjectName(u"providerRow")
        self.providerCombo = QComboBox(AssistantDialog)
        self.providerCombo.setObjectName(u"providerCombo")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.providerCombo.sizePolicy().hasHeightForWidth())
        self.providerCombo.setSizePolicy(sizePolicy)

        self.providerRow.addWidget(self.providerCombo)

        self.providerHelp = QToolButton(AssistantDialog)
        self.providerHelp.setObjectName(u"providerHelp")
        self.providerHelp.setAutoRaise(True)

        self.providerRow.addWidget(self.providerHelp)


        self.formLayout.setLayout(1, QFormLayout.ItemRole.FieldRole, self.providerRow)

        self.modelLabel = QLabel(AssistantDialog)
        self.modelLabel.setObjectName(u"modelLabel")

        self.formLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.modelLabel)

        self.modelRow = QHBoxLayout()
        self.modelRow.setObjectName(u"modelRow")
        self.modelCombo = QComboBox(AssistantDialog)
        self.modelCombo.setObjectName(u"modelCombo")
        self.modelCombo.setEditable(True)
        sizePolicy.setHeightForWidth(self.modelCombo.sizePolicy().hasHeightForWidth())
        self.modelCombo.setSizePolicy(sizePolicy)

        self.modelRow.addWidget(self.modelCombo)

        self.modelHelp = QToolButton(AssistantDialog)
        self.modelHelp.setObjectName(u"modelHelp")
        self.modelHelp.setAutoRaise(True)

        self.modelRow.addWidget(self.modelHelp)


        self.formLayout.setLayout(2, QFormLayout.ItemRole.FieldRole, self.modelRow)

        self.instructionsLabel = QLabel(AssistantDialog)
        self.instructionsLabel.setObjectName(u"instructionsLabel")

        self.formLayout.setWidget(3, QFormLayout.ItemRole.LabelRole, self.instructionsLabel)

        self.instructionsEdit = QPlainTextEdit(AssistantDialog)
        self.instructionsEdit.setObjectName(u"instructionsEdit")
        self.instructionsEdit.setTabChangesFocus(True)

        self.formLayout.setWidget(3, QFormLayout.ItemRole.FieldRole, self.instructionsEdit)

        self.templateLabel = QLabel(AssistantDialog)
        self.templateLabel.setObjectName(u"templateLabel")

        self.formLayout.setWidget(4, QFormLayout.ItemRole.LabelRole, self.templateLabel)

        self.templateRow = QHBoxLayout()
        self.templateRow.setObjectName(u"templateRow")
        self.templateEdit = QLineEdit(AssistantDialog)
        self.templateEdit.setObjectName(u"templateEdit")

        self.templateRow.addWidget(self.templateEdit)

        self.templateHelp = QToolButton(AssistantDialog)
        self.templateHelp.setObjectName(u"templateHelp")
        self.templateHelp.setAutoRaise(True)

        self.templateRow.addWidget(self.templateHelp)


        self.formLayout.setLayout(4, QFormLayout.ItemRole.FieldRole, self.templateRow)

        self.maxTokensCheck = QCheckBox(AssistantDialog)
        self.maxTokensCheck.setObjectName(u"maxTokensCheck")

        self.formLayout.setWidget(5, QFormLayout.ItemRole.LabelRole, self.maxTokensCheck)

        self.maxTokensRow = QHBoxLayout()
        self.maxTokensRow.setObjectName(u"maxTokensRow")
        self.maxTokensSpin = QSpinBox(AssistantDialog)
        self.maxTokensSpin.setObjectName(u"maxTokensSpin")
        self.maxTokensSpin.setMinimum(1)
        self.maxTokensSpin.setMaximum(1000000)
        self.maxTokensSpin.setSingleStep(256)
        self.maxTokensSpin.setValue(4096)
        self.maxTokensSpin.setGroupSeparatorShown(True)

        self.maxTokensRow.addWidget(self.maxTokensSpin)

        self.maxTokensHelp = QToolButton(AssistantDialog)
        self.maxTokensHelp.setObjectName(u"maxTokensHelp")
        self.maxTokensHelp.setAutoRaise(True)

        self.maxTokensRow.addWidget(self.maxTokensHelp)

        self.maxTokensSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.maxTokensRow.addItem(self.maxTokensSpacer)


        self.formLayout.setLayout(5, QFormLayout.ItemRole.FieldRole, self.maxTokensRow)

        self.memoryRow = QHBoxLayout()
        self.memoryRow.setObjectName(u"memoryRow")
        self.memoryCheck = QCheckBox(AssistantDialog)
        self.memoryCheck.setObjectName(u"memoryCheck")

        self.memoryRow.addWidget(self.memoryCheck)

        self.memoryHelp = QToolButton(AssistantDialog)
        self.memoryHelp.setObjectName(u"memoryHelp")
        self.memoryHelp.setAutoRaise(True)

        self.memoryRow.addWidget(self.memoryHelp)

        self.memorySpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.memoryRow.addItem(self.memorySpacer)


        self.formLayout.setLayout(6, QFormLayout.ItemRole.FieldRole, self.memoryRow)


        self.mainLayout.addLayout(self.formLayout)

        self.errorLabel = QLabel(AssistantDialog)
        self.errorLabel.setObjectName(u"errorLabel")
        self.errorLabel.setWordWrap(True)
        self.errorLabel.setStyleSheet(u"color: #c0262d;")

        self.mainLayout.addWidget(self.errorLabel)

        self.buttonBox = QDialogButtonBox(AssistantDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.nameLabel.setBuddy(self.nameEdit)
        self.providerLabel.setBuddy(self.providerCombo)
        self.modelLabel.setBuddy(self.modelCombo)
        self.instructionsLabel.setBuddy(self.instructionsEdit)
        self.templateLabel.setBuddy(self.templateEdit)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.nameEdit, self.providerCombo)
        QWidget.setTabOrder(self.providerCombo, self.modelCombo)
        QWidget.setTabOrder(self.modelCombo, self.instructionsEdit)
        QWidget.setTabOrder(self.instructionsEdit, self.templateEdit)
        QWidget.setTabOrder(self.templateEdit, self.maxTokensCheck)
        QWidget.setTabOrder(self.maxTokensCheck, self.maxTokensSpin)
        QWidget.setTabOrder(self.maxTokensSpin, self.memoryCheck)

        self.retranslateUi(AssistantDialog)

        QMetaObject.connectSlotsByName(AssistantDialog)
    # setupUi

    def retranslateUi(self, AssistantDialog):
        AssistantDialog.setWindowTitle(QCoreApplication.translate("AssistantDialog", u"New assistant", None))
        self.nameLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Name:", None))
        self.nameEdit.setPlaceholderText(QCoreApplication.translate("AssistantDialog", u"e.g. Coder, Writer, Tutor", None))
#if QT_CONFIG(tooltip)
        self.nameEdit.setToolTip(QCoreApplication.translate("AssistantDialog", u"A unique name for this assistant", None))
#endif // QT_CONFIG(tooltip)
        self.providerLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Provider:", None))
        self.providerHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.providerHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"The provider (API and key) this assistant chats through. Add providers under Settings \u2192 Providers.", None))
#endif // QT_CONFIG(tooltip)
        self.modelLabel.setText(QCoreApplication.translate("AssistantDialog", u"Chat &model:", None))
        self.modelHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.modelHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"The model id exactly as the provider names it (e.g. gpt-4o-mini, claude-sonnet-4-5, deepseek-chat). Pick a suggestion or type any id.", None))
#endif // QT_CONFIG(tooltip)
        self.instructionsLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Instructions:", None))
        self.instructionsEdit.setPlaceholderText(QCoreApplication.translate("AssistantDialog", u"System instructions sent at the start of every request", None))
#if QT_CONFIG(tooltip)
        self.instructionsEdit.setToolTip(QCoreApplication.translate("AssistantDialog", u"Sent as the system message of every request in this assistant's topics.", None))
#endif // QT_CONFIG(tooltip)
        self.templateLabel.setText(QCoreApplication.translate("AssistantDialog", u"Input &template:", None))
        self.templateEdit.setText(QCoreApplication.translate("AssistantDialog", u"{{text}}", None))
        self.templateHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.templateHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p>Applied to every user message sent (history included). <code>{{text}}</code> is replaced by the message and must appear in the template, e.g. <code>Answer briefly: {{text}}</code>.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.maxTokensCheck.setText(QCoreApplication.translate("AssistantDialog", u"Max &tokens:", None))
        self.maxTokensSpin.setSuffix(QCoreApplication.translate("AssistantDialog", u" tokens", None))
        self.maxTokensHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.maxTokensHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p>When on, this many tokens are reserved for the reply (the input budget is the context window minus it) and sent as the completion cap. When off, the value is neither reserved nor sent; the model's default applies.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.memoryCheck.setText(QCoreApplication.translate("AssistantDialog", u"Enable assistant &memory", None))
        self.memoryHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.memoryHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Master switch for this assistant's memory (fixed memory and dreaming). When off, no memory is added to requests and none is written.", None))
#endif // QT_CONFIG(tooltip)
        self.errorLabel.setText("")
    # retranslateUi

